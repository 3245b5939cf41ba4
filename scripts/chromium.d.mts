export declare const INSTALL_COMMAND: string;
export declare function findChromium(env?: NodeJS.ProcessEnv): { path: string; source: string } | { path: undefined; looked: string[] };
