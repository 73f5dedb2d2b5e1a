import { render } from "@testing-library/react";
import { useState } from "react";
import { expect, test } from "vitest";
const urls = import.meta.glob<string>("../../src/theme/*.css", { query: "?url", import: "default", eager: true });
function L() {
  const [n, setN] = useState(0);
  return <div><link rel="stylesheet" href={Object.values(urls)[0]} onLoad={() => setN((x) => x + 1)} onError={() => setN((x) => x + 100)} /><span>count {n}</span></div>;
}
test("x", async () => {
  console.log(JSON.stringify(urls));
  const r = render(<L />);
  await new Promise((r) => setTimeout(r, 1500));
  const res = await fetch(Object.values(urls)[0]!);
  console.log(res.status, res.headers.get("content-type"), (await res.text()).slice(0, 100));
  console.log(r.container.innerHTML, document.styleSheets.length);
  expect(1).toBe(1);
});
