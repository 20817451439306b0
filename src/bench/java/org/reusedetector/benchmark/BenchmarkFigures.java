package org.reusedetector.benchmark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintStream;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The figures a {@code benchmark} subcommand measured: it prints the human lines as it goes and, with
 * {@code --json}, one JSON object with every figure as the last line (for scripts and the tables of docs/benchmarks.md).
 * Used as a picocli mixin ({@code @Mixin BenchmarkFigures figures;}): a subcommand {@link #put}s each figure
 * under a snake_case key, prints its lines with {@link #line}, and calls {@link #finish} at the end.
 */
final class BenchmarkFigures {

    @Option(names = "--json", description = "Print one JSON object with every figure on the last line.")
    boolean json;

    private PrintStream out;
    private final Map<String, Object> values = new LinkedHashMap<>();

    /** For picocli; prints to {@link System#out} as it is when the first line is printed. */
    BenchmarkFigures() {}

    BenchmarkFigures(PrintStream out, boolean json) {
        this.out = out;
        this.json = json;
    }

    /** A whole number figure. */
    BenchmarkFigures put(String key, long value) {
        values.put(key, value);
        return this;
    }

    /** A measured figure, kept to one decimal (more is noise on a shared machine). */
    BenchmarkFigures put(String key, double value) {
        values.put(key, Double.isFinite(value) ? Math.round(value * 10) / 10.0 : null);
        return this;
    }

    /** A figure kept to {@code decimals} decimals (a ratio, where one decimal would hide the difference that matters). */
    BenchmarkFigures put(String key, double value, int decimals) {
        double scale = Math.pow(10, decimals);
        values.put(key, Double.isFinite(value) ? Math.round(value * scale) / scale : null);
        return this;
    }

    BenchmarkFigures put(String key, String value) {
        values.put(key, value);
        return this;
    }

    BenchmarkFigures put(String key, boolean value) {
        values.put(key, value);
        return this;
    }

    /** Prints one human line ({@link String#format} pattern, newline added). */
    BenchmarkFigures line(String format, Object... args) {
        out().println(args.length == 0 ? format : String.format(format, args));
        return this;
    }

    Map<String, Object> values() {
        return Collections.unmodifiableMap(values);
    }

    /** With {@code --json}, prints the figures as one JSON object on one line; call last. */
    void finish() {
        if (!json) {
            return;
        }
        try {
            out().println(new ObjectMapper().writeValueAsString(values));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private PrintStream out() {
        if (out == null) {
            out = System.out;
        }
        return out;
    }
}
