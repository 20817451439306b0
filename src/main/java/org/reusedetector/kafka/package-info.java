/**
 * Plain Kafka clients and topic definitions: producers and record limits, the labels publisher, the page replayer, the topics the job needs.
 * May import {@code model}, {@code format}, {@code config} and {@code util}; no Flink (the Flink Kafka connectors' record schemas are in {@code connector}).
 * <p>Project imports: {@code config}, {@code format}, {@code model}, {@code util}.
 */
package org.reusedetector.kafka;
