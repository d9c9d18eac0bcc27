// The ids of rows written on every sale (orders, their items, the mails they queue): UUIDv7, whose
// first 48 bits are the time in milliseconds. New keys then land at the end of each index, on the
// pages the last writes already changed, instead of one random page of every index per row, so a
// commit writes fewer pages and reads fewer back. Their 74 random bits keep them unguessable, and
// they are UUIDs like every other id of the site.
export { v7 as newRowId } from 'uuid';
