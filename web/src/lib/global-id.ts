/**
 * Relay global ids are base64 of "<Type>:<id>" (the server's Pothos encoding). The web app's
 * URLs carry the plain ids the REST API uses (`/accounts/<id>`), and turn them into global ids here.
 */
export function toGlobalId(type: string, id: string): string {
  // UTF-8 first, as the server encodes: an id typed into the address bar may hold any character.
  return btoa(String.fromCharCode(...new TextEncoder().encode(`${type}:${id}`)));
}

/** The plain id of a global id ("" when it is not one of `type`). */
export function fromGlobalId(type: string, globalId: string): string {
  try {
    const decoded = atob(globalId);
    return decoded.startsWith(`${type}:`) ? decoded.slice(type.length + 1) : '';
  } catch {
    return '';
  }
}
