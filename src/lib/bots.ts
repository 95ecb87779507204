/** Crawlers and link-preview fetchers (spec §2: they do not get the error page's redirect). */
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|bingpreview|mediapartners|facebookexternalhit|embedly|quora link preview|whatsapp|telegram|skypeuripreview|yandex|baidu|duckduckgo|petalbot|headlesschrome\/.*lighthouse-bot/i;

export function isBot(userAgent: string | null | undefined): boolean {
  return Boolean(userAgent && BOT.test(userAgent));
}
