/** Saving something the site made (a CSV template, a report) as a file on the user's device. */

/** Offers `content` as a download named `fileName`; throws when the browser cannot save files. */
export function saveFile(content: Blob | string, fileName: string, type = 'text/plain;charset=utf-8'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers start the download after click() returns: revoke a little later.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** Saves text as a CSV file (UTF-8). */
export function saveCsv(text: string, fileName: string): void {
  saveFile(text, fileName, 'text/csv;charset=utf-8');
}
