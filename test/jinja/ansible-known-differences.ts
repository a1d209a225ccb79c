/** Cases of ansible-cases.json where Volant knowingly differs from ansible-core 2.19, with why. */
export const KNOWN_DIFFERENCES: Record<string, string> = {};
