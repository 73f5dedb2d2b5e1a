import type { ReactNode } from "react";
import { HydratedMark } from "./hydrated";

export const metadata = { title: "ask-user-kit in Next.js" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        {children}
        <HydratedMark />
      </body>
    </html>
  );
}
