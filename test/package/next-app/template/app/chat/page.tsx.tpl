import { Chat } from "./chat";

export default function ChatPage() {
  return <Chat />;
}
