// `npm start` arguments and environment: a real gateway by flag or env, a port, and every mistake
// named with its fix.
import { describe, expect, test } from "vitest";
import { readPlaygroundOptions } from "../../playground/server/options.js";

describe("readPlaygroundOptions", () => {
  test.each([
    { args: [], env: {}, options: { port: 0 } },
    { args: ["--port", "5173"], env: {}, options: { port: 5173 } },
    { args: ["--port=0"], env: {}, options: { port: 0 } },
    {
      args: ["--gateway", "ws://127.0.0.1:18789", "--token", "t"],
      env: {},
      options: { port: 0, gatewayUrl: "ws://127.0.0.1:18789", token: "t" },
    },
    {
      args: [],
      env: { ASK_USER_GATEWAY_URL: "wss://gw.example", ASK_USER_GATEWAY_TOKEN: "e" },
      options: { port: 0, gatewayUrl: "wss://gw.example", token: "e" },
    },
    {
      args: ["--token", "flag"],
      env: { ASK_USER_GATEWAY_URL: "ws://127.0.0.1:1", ASK_USER_GATEWAY_TOKEN: "env" },
      options: { port: 0, gatewayUrl: "ws://127.0.0.1:1", token: "flag" },
    },
    { args: [], env: { ASK_USER_GATEWAY_URL: "  ", ASK_USER_GATEWAY_TOKEN: "" }, options: { port: 0 } },
  ])("$args with $env", ({ args, env, options }) => {
    expect(readPlaygroundOptions(args, env)).toEqual({ ok: true, options });
  });

  test.each([
    { args: ["--port", "http"], message: /--port must be an integer from 0 to 65535/ },
    { args: ["--port", "70000"], message: /--port must be an integer/ },
    { args: ["--port"], message: /--port needs a value/ },
    { args: ["--host", "0.0.0.0"], message: /unknown argument "--host"/ },
    { args: ["--gateway", "http://127.0.0.1:18789"], message: /--gateway must be a ws:\/\/ or wss:\/\/ URL/ },
    { args: ["--token", "t"], message: /--token is for a real gateway: pass --gateway/ },
  ])("refuses $args", ({ args, message }) => {
    const read = readPlaygroundOptions(args, {});
    expect(read.ok).toBe(false);
    expect("message" in read ? read.message : "").toMatch(message);
  });

  test("--help asks for the usage", () => {
    expect(readPlaygroundOptions(["--help"], {})).toEqual({ ok: false, help: true });
  });
});
