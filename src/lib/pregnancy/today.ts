const tehranDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's calendar day in Iran, 'YYYY-MM-DD'. */
export function todayInTehran(now = new Date()): string {
  return tehranDay.format(now);
}
