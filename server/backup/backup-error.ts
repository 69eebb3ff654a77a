// A backup or a restore refused or failed for a reason the operator can act on: its message is the one
// line (or the list) the command prints, never a stack.
export class BackupError extends Error {
  override name = "BackupError";
}
