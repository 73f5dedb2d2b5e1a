import { makeStore } from "./fixtures.js";

describe("connectionLost", () => {
  it("is set when the connection drops, kept through the reconnect's connecting, and cleared once connected", () => {
    const { state } = makeStore();
    const seen: boolean[] = [];
    for (const status of ["connecting", "connected", "disconnected", "connecting", "disconnected", "connecting", "connected"] as const) {
      state().setConnection(status);
      seen.push(state().connectionLost);
    }
    expect(seen).toEqual([false, false, true, true, true, true, false]);
  });

  it("ignores a status that is not one", () => {
    const { state } = makeStore();
    state().setConnection("connected");
    state().setConnection("offline" as never);
    expect(state()).toMatchObject({ connection: "connected", connectionLost: false });
  });
});
