// One scratch buffer for the captures of the step being made or tested (engine code is synchronous,
// so one buffer serves every position).
export const captureBuffer = new Int32Array(128);
