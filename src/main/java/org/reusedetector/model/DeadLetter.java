package org.reusedetector.model;

/**
 * A record the job could not use, with the reason, kept for inspection and replay.
 *
 * @param reason machine-readable reason, one of {@link DeadLetterReason}
 * @param error human-readable explanation
 * @param origin where the record came from (topic/partition/offset, or file:line)
 * @param original the original record as received (possibly truncated, see {@code originalTruncated})
 * @param originalTruncated whether {@code original} was cut to the configured maximum size
 * @param detectedAt wall-clock time, ISO-8601
 */
public record DeadLetter(
        String reason, String error, String origin, String original, boolean originalTruncated, String detectedAt) {}
