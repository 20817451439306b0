package org.reusedetector.model;

/**
 * A crawled page as it arrives on the pages topic or in a JSONL archive.
 *
 * @param url the page URL as crawled
 * @param fetchedAt ISO-8601 fetch time as given by the crawler
 * @param fetchedAtMillis {@code fetchedAt} parsed to epoch milliseconds (the event time)
 * @param status HTTP status, or {@code null} when the crawler did not say
 * @param contentType HTTP content type, or {@code null}
 * @param body the HTML
 * @param extraJson any further fields of the input record, as a JSON object (kept, never interpreted), or {@code null}
 */
public record PageRecord(
        String url,
        String fetchedAt,
        long fetchedAtMillis,
        Integer status,
        String contentType,
        String body,
        String extraJson) {}
