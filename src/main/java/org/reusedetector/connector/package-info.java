/**
 * Flink connectors: the page-file source and its record file format, the JSON-lines file sink, Flink paths, POJO type checks, and the record schemas of the Flink Kafka source and sink.
 * May import {@code model}, {@code page} and {@code format}.
 * <p>Project imports: {@code format}, {@code model}, {@code page}.
 */
package org.reusedetector.connector;
