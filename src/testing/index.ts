// `ask-user-kit/testing`: an in-memory OpenClaw gateway for tests, Storybook and the playground.
// Browser-safe: no sockets, no Node built-ins (serve it over WebSockets with `ask-user-kit/testing/node`).
export { createLocalGateway } from "./local-gateway.js";
export type { AskOptions, GatewayConnection, GatewayTransport, LocalGateway, LocalGatewayOptions, TransportInfo } from "./local-gateway.js";
export { createInMemoryWebSocket } from "./in-memory-websocket.js";
export type { CloseEventLike, InMemoryWebSocket, InMemoryWebSocketClass, InMemoryWebSocketOptions } from "./in-memory-websocket.js";
