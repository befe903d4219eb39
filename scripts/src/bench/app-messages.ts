/** What the bench and its app process say to each other over IPC. */
export type BenchRequest = "cpu" | "stop";

export type AppMessage = { kind: "ready"; appUrl: string; bareUrl: string } | { kind: "cpu"; usage: NodeJS.CpuUsage };
