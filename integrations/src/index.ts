/** The integrations workspace's public surface (filled as providers move here, issue 23). */
export {};
