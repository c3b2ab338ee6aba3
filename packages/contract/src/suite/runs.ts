/** fast-check runs per property: 100, or fewer when the mutation script sets X_CONTRACT_RUNS. */
export const RUNS = { numRuns: Number(process.env.X_CONTRACT_RUNS) || 100 };
