/** The composition root's public surface (filled as runtime moves here, issue 23). */
export {};
