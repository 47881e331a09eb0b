/**
 * Phone numbers for SMS. Customers' numbers are typed as people write them ("912 34 567",
 * "+47 912 34 567", "0047 91234567"); providers want E.164 ("+4791234567").
 */

/** E.164 for a typed number, assuming `countryCode` when it has none; null when it cannot be one. */
export function toE164(phone: string | null | undefined, countryCode: string): string | null {
  if (!phone) return null;
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    // already international
  } else if (digits.startsWith('00')) {
    digits = digits.slice(2);
  } else {
    digits = countryCode + digits.replace(/^0/, ''); // a national trunk prefix is dropped
  }
  if (!/^[1-9]\d{7,14}$/.test(digits)) return null;
  return `+${digits}`;
}

/**
 * The digit strings a stored number may have when it is `e164`: in full, with 00, and, for the
 * default country, the national number with and without a trunk 0. Used to find a customer by
 * the number an SMS came from; numbers of other countries must be stored with their code.
 */
export function storedDigitVariants(e164: string, countryCode: string): string[] {
  const digits = e164.replace(/\D/g, '');
  if (digits.length < 8) return [];
  const variants = new Set([digits, `00${digits}`]);
  if (digits.startsWith(countryCode) && digits.length - countryCode.length >= 6) {
    const national = digits.slice(countryCode.length);
    variants.add(national);
    variants.add(`0${national}`);
  }
  return [...variants];
}
