package org.reusedetector.connector;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.reusedetector.format.Json;

/**
 * Appends records as JSON lines to one local file: a convenience copy of the alerts for people running the
 * detector on their machine (the Kafka topic is the exactly-once record). Use at parallelism 1. Lines are
 * flushed at every checkpoint and at the end of input.
 */
public final class JsonLinesFileSink<T> implements Sink<T> {

    private static final long serialVersionUID = 1L;

    private final String path;

    public JsonLinesFileSink(Path path) {
        this.path = path.toAbsolutePath().toString();
    }

    /** Writes the stream to {@code file} through one sink instance, with {@code id} as its uid and name. */
    public static <T> void writeTo(DataStream<T> stream, Path file, String id) {
        stream.sinkTo(new JsonLinesFileSink<T>(file)).uid(id).name(id).setParallelism(1);
    }

    @Override
    public SinkWriter<T> createWriter(WriterInitContext context) throws IOException {
        Path file = Path.of(path);
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        // records are valid Unicode by the time they get here (the parser and DeadLetters make them so); should one not
        // be, this writer replaces what it cannot encode instead of failing the job, as Files.newBufferedWriter would
        BufferedWriter writer = new BufferedWriter(
                new OutputStreamWriter(
                        Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND),
                        StandardCharsets.UTF_8),
                1 << 16);
        return new SinkWriter<>() {
            @Override
            public void write(T element, Context ctx) throws IOException {
                writer.write(Json.write(element));
                writer.write('\n');
            }

            @Override
            public void flush(boolean endOfInput) throws IOException {
                writer.flush();
            }

            @Override
            public void close() throws IOException {
                writer.close();
            }
        };
    }
}
