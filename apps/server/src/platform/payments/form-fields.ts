import { NotificationRefused } from './provider.ts';

/**
 * A provider's form post (urlencoded or multipart) as its fields, read by the platform's own
 * FormData parser. Files and repeated fields are refused: no provider sends them, and a repeat would
 * leave which value counts to chance.
 */
export async function readFormFields(contentType: string, body: Buffer): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new NotificationRefused('The notification is not a readable form');
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') throw new NotificationRefused('The notification carries a file');
    if (key in fields) throw new NotificationRefused(`The notification repeats ${key}`);
    fields[key] = value;
  }
  return fields;
}
