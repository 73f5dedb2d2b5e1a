// The control page: it hydrates with a mismatch on purpose, so the test proves its console watch
// does catch a hydration error (a watch that never fires would pass every page).
import { Mismatch } from "./mismatch";

export default function CanaryPage() {
  return (
    <main>
      <h1>Hydration canary</h1>
      <Mismatch />
    </main>
  );
}
