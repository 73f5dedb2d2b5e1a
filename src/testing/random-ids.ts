/** Random ids from Web Crypto's `getRandomValues`, which (unlike `randomUUID`) every page context has. */

export function randomHex(bytes: number): string {
  const values = globalThis.crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (value) => value.toString(16).padStart(2, "0")).join("");
}

/** An RFC 4122 version-4 UUID, the shape the gateway uses for connection ids, nonces and question ids. */
export function randomUuid(): string {
  const hex = randomHex(16).split("");
  hex[12] = "4";
  hex[16] = ((Number.parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  const text = hex.join("");
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}
