// The JSON body every receiver gets: { type, id, createdAt, data }. It is stored with the delivery
// and the same text is signed and sent on every attempt.
export const deliveryBody = (e: { id: string; type: string; createdAt: Date; data: unknown }): string =>
  JSON.stringify({ type: e.type, id: e.id, createdAt: e.createdAt.toISOString(), data: e.data });
