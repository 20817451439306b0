/**
 * The thin Flink functions of the detection topology: parse and hash, label match (broadcast), page alerts, per-URL contributions, neighbourhood aggregate, threshold and alerts.
 * May import the domain packages, {@code format}, {@code detection} and the state records of {@code stream.functions}.
 */
package org.reusedetector.detection.functions;
