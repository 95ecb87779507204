// Replaced by the zarinpal branch's version (sendText through the SMS provider) at merge.
export async function notify(to: string, text: string): Promise<void> {
  console.log(`SMS to ${to}: ${text}`);
}
