/** A problem that stops the server from starting; its message is the one line shown to the operator. */
export class StartupError extends Error {}
