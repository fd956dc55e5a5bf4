// One UUID shape for every id taken from a URL or form. An id that is not a UUID cannot exist, and
// checking first answers 404 instead of a failed ::uuid cast in PostgreSQL (a 500).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: string): boolean => UUID.test(id);
