import { describe, expect, it } from "vitest";
import { createEmitter } from "../../src/client/emitter.js";
import { ClientErrorCodes, type GatewayError } from "../../src/client/index.js";

describe("emitter", () => {
  it("calls listeners in order, once each however often added, with the listeners present when emit began", () => {
    const calls: string[] = [];
    const emitter = createEmitter<[number]>("test listener threw", () => {});
    const second = (value: number) => calls.push(`second ${value}`);
    const offFirst = emitter.on((value) => {
      calls.push(`first ${value}`);
      offFirst();
      emitter.on((late) => calls.push(`late ${late}`));
    });
    emitter.on(second);
    emitter.on(second);
    emitter.emit(1);
    emitter.emit(2);
    expect(calls).toEqual(["first 1", "second 1", "second 2", "late 2"]);
  });

  it("follows every change between emits: an added listener is called, a removed one no longer", () => {
    const calls: string[] = [];
    const emitter = createEmitter<[number]>("test listener threw", () => {});
    const offA = emitter.on((value) => calls.push(`a ${value}`));
    emitter.emit(1);
    const offB = emitter.on((value) => calls.push(`b ${value}`));
    emitter.emit(2);
    offA();
    emitter.emit(3);
    offA();
    offB();
    emitter.emit(4);
    emitter.on((value) => calls.push(`c ${value}`));
    emitter.emit(5);
    expect(calls).toEqual(["a 1", "a 2", "b 2", "b 3", "c 5"]);
  });

  it("reports a throwing listener as LISTENER_FAILED naming the context, and still calls the rest", () => {
    const reports: GatewayError[] = [];
    const emitter = createEmitter<[]>("onProblem listener threw", (error) => reports.push(error));
    const calls: string[] = [];
    emitter.on(() => {
      throw new Error("host bug");
    });
    emitter.on(() => calls.push("after"));
    expect(() => emitter.emit()).not.toThrow();
    expect(calls).toEqual(["after"]);
    expect(reports.map((error) => [error.code, error.message])).toEqual([[ClientErrorCodes.LISTENER_FAILED, "onProblem listener threw: host bug"]]);
  });
});
