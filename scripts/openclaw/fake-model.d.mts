// Types for fake-model.mjs, which stays plain JavaScript so the system Node runs it without a build.
export declare const FAKE_MODEL_ID: string;
export declare const FAKE_REPLY_TEXT: string;

export type FakeModelTurn = { kind: "ask"; args: { questions: unknown[]; [field: string]: unknown } } | { kind: "text"; text: string };

export declare function askUserInputFrom(text: string): { questions: unknown[]; [field: string]: unknown } | undefined;
export declare function decideTurn(messages: unknown): FakeModelTurn;

export interface FakeModel {
  port: number;
  baseUrl: string;
  close(): Promise<void>;
}

export declare function startFakeModel(options?: {
  port?: number;
  onRequest?: (request: { body: Record<string, unknown>; turn: FakeModelTurn }) => void;
}): Promise<FakeModel>;
