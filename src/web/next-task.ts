/** Resolves in a task of its own: the work after it no longer lengthens the task that awaited it. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
