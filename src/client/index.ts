export { createGatewayClient, PROTOCOL_VERSION } from "./connection.js";
export type {
  ConnectionStatus,
  GapInfo,
  GatewayClient,
  GatewayClientOptions,
  HelloOk,
  RequestOptions,
  WebSocketConstructor,
  WebSocketLike,
} from "./connection.js";
export type { Timers } from "../contract/timers.js";
export { ClientErrorCodes, GatewayError } from "./errors.js";
export type { ClientErrorCode, GatewayErrorDetails, GatewayErrorShape } from "./errors.js";
// The reconnect backoff and the device-auth payload builder are internals of createGatewayClient
// (tests import them from their modules); only the option shape and the identity are public.
export type { BackoffOptions } from "./backoff.js";
export { createDeviceIdentity } from "./device-identity.js";
export type { DeviceIdentity } from "./device-identity.js";
export { GATEWAY_CLIENT_IDS, GATEWAY_CLIENT_MODES } from "./client-info.js";
export type { ClientInfo } from "./client-info.js";
