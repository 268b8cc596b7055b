/**
 * Test helper: a stand-in for a socket.io-client socket that records what is emitted and lets the test
 * fire events. A test file mocks the client with it:
 * `vi.mock('socket.io-client', async () => (await import('../../test/fake-socket.ts')).fakeSocketClient)`
 * and reads `fake` from the same module (one per test file).
 */
type Handler = (...args: unknown[]) => void;

const state = {
  handlers: new Map<string, Handler[]>(),
  /** Emits with an acknowledgement. */
  emits: [] as Array<{ event: string; payload: unknown; ack: Handler }>,
  /** Emits without one (a team's position). */
  sent: [] as Array<{ event: string; payload: unknown }>,
  /** What `io()` was called with. */
  options: null as unknown,
  disconnected: false,
};

const socket = {
  on(event: string, handler: Handler) {
    state.handlers.set(event, [...(state.handlers.get(event) ?? []), handler]);
    return socket;
  },
  off() {
    state.handlers.clear();
    return socket;
  },
  timeout() {
    return { emit: (event: string, payload: unknown, ack: Handler) => state.emits.push({ event, payload, ack }) };
  },
  emit(event: string, payload: unknown) {
    state.sent.push({ event, payload });
    return socket;
  },
  disconnect() {
    state.disconnected = true;
  },
};

export const fake = { state, socket, fire: (event: string, ...args: unknown[]) => state.handlers.get(event)?.forEach((h) => h(...args)) };

/** The socket.io-client module as the mocked import gives it. */
export const fakeSocketClient = {
  io: (options: unknown) => {
    state.options = options;
    return socket;
  },
};
