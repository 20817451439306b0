/**
 * File formats without Flink or Kafka: JSON and JSON lines, page files (JSONL and WARC, body charsets), label records and files, snapshot markers.
 * May import {@code model}, {@code page} and {@code util}.
 * <p>Project imports: {@code model}, {@code page}, {@code util}.
 */
package org.reusedetector.format;
