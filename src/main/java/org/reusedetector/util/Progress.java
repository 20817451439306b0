package org.reusedetector.util;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Progress of a long run on the terminal: records and megabytes (10^6 bytes) done, rates, and, when the total
 * input size is known, the share done and an ETA from the average byte rate so far. Lines go to stderr (the
 * data may be on stdout), at most one every {@code interval}, whichever thread is counting. Counting is
 * thread-safe and cheap enough to call for every read of a file.
 *
 * <p>The bytes counted must be in the measure of the total: for files, bytes as stored (compressed where
 * they are), as {@code PageFiles.open} reports them.
 */
public final class Progress {

    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(10);

    private final String label;
    private final long totalBytes;
    private final long intervalNanos;
    private final PrintStream out;
    private final LongSupplier nanoClock;
    private final long startNanos;
    private final LongAdder records = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final AtomicLong lastPrintNanos;

    /** Prints to stderr every 10 seconds. {@code totalBytes <= 0}: the total is unknown, no ETA. */
    public Progress(String label, long totalBytes) {
        this(label, totalBytes, DEFAULT_INTERVAL, System.err, System::nanoTime);
    }

    public Progress(String label, long totalBytes, Duration interval, PrintStream out, LongSupplier nanoClock) {
        this.label = label;
        this.totalBytes = totalBytes;
        this.intervalNanos = interval.toNanos();
        this.out = out;
        this.nanoClock = nanoClock;
        this.startNanos = nanoClock.getAsLong();
        this.lastPrintNanos = new AtomicLong(startNanos);
    }

    public void add(long recordCount, long byteCount) {
        records.add(recordCount);
        bytes.add(byteCount);
        maybePrint();
    }

    public void addRecords(long count) {
        add(count, 0);
    }

    /** Usable as the {@code LongConsumer} of bytes read. */
    public void addBytes(long count) {
        add(0, count);
    }

    public long records() {
        return records.sum();
    }

    public long bytes() {
        return bytes.sum();
    }

    /** Prints the progress line if {@code interval} has passed since the last one; true if it printed. */
    public boolean maybePrint() {
        long now = nanoClock.getAsLong();
        long last = lastPrintNanos.get();
        if (now - last < intervalNanos || !lastPrintNanos.compareAndSet(last, now)) {
            return false; // too early, or another thread prints this one
        }
        out.println(line(now));
        return true;
    }

    /** Prints the closing line: totals, time taken and average rates. */
    public void finish() {
        long elapsed = nanoClock.getAsLong() - startNanos;
        long r = records();
        long b = bytes();
        out.println(String.format(
                Locale.ROOT,
                "%s: done, %,d records, %s in %s (%,d records/s, %s/s)",
                label,
                r,
                megabytes(b),
                clock(elapsed / 1_000_000_000.0),
                rate(r, elapsed),
                megabytes(rate(b, elapsed))));
    }

    /** The progress line as of now. */
    public String line() {
        return line(nanoClock.getAsLong());
    }

    String line(long now) {
        long elapsed = now - startNanos;
        long r = records();
        long b = bytes();
        StringBuilder line = new StringBuilder(128);
        line.append(label)
                .append(": ")
                .append(String.format(Locale.ROOT, "%,d", r))
                .append(" records, ")
                .append(megabytes(b));
        if (totalBytes > 0) {
            line.append(" of ")
                    .append(megabytes(totalBytes))
                    .append(String.format(Locale.ROOT, " (%.1f%%)", Math.min(100.0, 100.0 * b / totalBytes)));
        }
        line.append(", ")
                .append(rate(r, elapsed))
                .append(" records/s, ")
                .append(megabytes(rate(b, elapsed)))
                .append("/s");
        line.append(", elapsed ").append(clock(elapsed / 1_000_000_000.0));
        if (totalBytes > 0) {
            line.append(", ETA ").append(eta(b, elapsed));
        }
        return line.toString();
    }

    /** Time left at the average byte rate so far, {@code H:MM:SS}, or "unknown" before any byte. */
    String eta(long done, long elapsedNanos) {
        if (done <= 0 || elapsedNanos <= 0) {
            return "unknown";
        }
        long remaining = Math.max(0, totalBytes - done);
        return clock(remaining * (elapsedNanos / 1_000_000_000.0) / done);
    }

    private static long rate(long count, long elapsedNanos) {
        return elapsedNanos <= 0 ? 0 : Math.round(count / (elapsedNanos / 1_000_000_000.0));
    }

    static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%,.1f MB", bytes / 1_000_000.0);
    }

    static String clock(double seconds) {
        long s = Math.round(seconds);
        return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }
}
