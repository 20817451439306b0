package org.reusedetector.bench;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.reusedetector.format.Json;
import org.reusedetector.page.PageRecordParser;
import org.reusedetector.util.ValidUnicode;

/**
 * A page record's JSON to its fields and body, one thread: {@code scanner}, the parse step's way (the body decoded once
 * into a reused buffer), or {@code jackson}: Jackson's tree and the body's UTF-8 length and repair, as every record
 * was read before the scanner (and as the records it does not accept still are). The corpus's pages are wrapped as crawl records.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class RecordParseBenchmark {

    @Param({"scanner", "jackson"})
    public String reader;

    private static final ObjectReader TREES = new ObjectMapper()
            .reader()
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .with(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private final List<String> records = new ArrayList<>();
    private PageRecordParser parser;

    @Setup(Level.Trial)
    public void setUp(Corpus corpus) {
        parser = new PageRecordParser(64 << 20);
        int i = 0;
        for (String body : corpus.bodies) {
            var node = Json.MAPPER.createObjectNode();
            node.put("url", "https://bench.example/p" + i++ + ".html");
            node.put("fetched_at", "2026-01-01T00:00:00Z");
            node.put("status", 200);
            node.put("content_type", "text/html; charset=utf-8");
            node.put("body", body);
            records.add(node.toString());
        }
    }

    @Benchmark
    public void parse(Blackhole blackhole) throws Exception {
        boolean scanner = reader.equals("scanner");
        for (String record : records) {
            if (scanner) {
                blackhole.consume(parser.parseKeepingBody(record));
                blackhole.consume(parser.bodyLength());
            } else {
                // the tree and the two passes over the body that reading a record took before the scanner
                String body = TREES.readTree(record).get("body").textValue();
                blackhole.consume(ValidUnicode.utf8Length(body));
                blackhole.consume(ValidUnicode.repair(body));
            }
        }
    }
}
