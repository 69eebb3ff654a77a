// New profile ids: 8 random characters of Crockford base32 (40 bits), printed on plaques.
import { randomBytes } from "node:crypto";
import { profileIdAlphabet, profileIdLength } from "../../../contract/profile-id";

export function newProfileId(): string {
  // 32 symbols: 5 bits each, so a byte's low five bits pick one without bias.
  const bytes = randomBytes(profileIdLength);
  let id = "";
  for (const byte of bytes) id += profileIdAlphabet[byte & 31];
  return id;
}
