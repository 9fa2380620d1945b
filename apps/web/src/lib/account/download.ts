// Owner-only file downloads. The QR code is small: fetched with the session in the 'token' header
// and handed to the browser as a download (a refusal carries the server's Spanish message). The
// memorial's ZIP can be large: the browser follows a single-use link to it (startDownload).
import { API_BASE } from '../api';
import { ApiError, NETWORK_ERROR_MESSAGE, parseEnvelope } from '../api-client';
import { authHeaders } from '../session-storage';

/** The file name of a Content-Disposition header, or `fallback`. */
export function dispositionFileName(header: string | null, fallback: string): string {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match?.[1] ?? fallback;
}

export async function downloadFile(path: string, query: Record<string, string>, fallbackName: string): Promise<string> {
  const url = `${API_BASE}${path}?${new URLSearchParams(query).toString()}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { ...authHeaders() }, credentials: 'same-origin' });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 'network');
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.startsWith('application/json')) {
    // Throws the server's message (its envelope's code is never "200" here).
    parseEnvelope(response.status, await response.text());
    throw new ApiError('', String(response.status));
  }
  const blob = await response.blob();
  const name = dispositionFileName(response.headers.get('content-disposition'), fallbackName);
  const objectUrl = URL.createObjectURL(blob);
  startDownload(objectUrl, name);
  // Give the browser time to start the download before the blob goes.
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  return name;
}

/** Hands `href` to the browser as a download (under `name`, else the server's file name). */
export function startDownload(href: string, name = ''): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
}
