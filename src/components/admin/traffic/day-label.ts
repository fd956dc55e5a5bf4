// A traffic day (`YYYY-MM-DD`, UTC) as the axis shows it: month and day, the same in both languages
// and independent of the viewer's time zone (the day is already a UTC calendar day, not an instant).
export const dayLabel = (day: string) => day.slice(5);
