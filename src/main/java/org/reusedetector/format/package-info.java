/**
 * File formats without Flink or Kafka: JSON and JSON lines, page files (JSONL and WARC, body charsets), label records and files, snapshot markers.
 * May import {@code model} and {@code page}.
 */
package org.reusedetector.format;
