// `ask-user-kit/testing/node`: the embedded gateway served over real loopback WebSockets (Node only).
export { serveLocalGateway } from "./serve-local-gateway.js";
export type { ServeLocalGatewayOptions, ServedLocalGateway } from "./serve-local-gateway.js";
