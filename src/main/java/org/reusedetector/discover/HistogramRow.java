package org.reusedetector.discover;

/**
 * One point of the frequency-occurrence curve: {@code items} distinct hashes of a kind occur on exactly
 * {@code occurrences} pages (counted after stop-chunk removal, as the paper's Figure 11).
 */
public record HistogramRow(String kind, long occurrences, long items) {

    public static final String CSV_HEADER = "kind,occurrences,items";

    public String csv() {
        return kind + "," + occurrences + "," + items;
    }

    public static HistogramRow parseCsv(String line) {
        String[] f = line.split(",");
        if (f.length != 3) {
            throw new IllegalArgumentException("histogram row needs kind,occurrences,items: " + line);
        }
        return new HistogramRow(f[0].trim(), Long.parseLong(f[1].trim()), Long.parseLong(f[2].trim()));
    }
}
