/** The gateway connection as every layer sees it. */
export type ConnectionStatus = "connecting" | "connected" | "disconnected";
