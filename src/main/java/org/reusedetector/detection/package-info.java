/**
 * What the streaming job and the batch commands share: the detection topology ({@code DetectionWorkflow}), its settings, job environment, operator uids, metrics and dead letters,
 * and the seam of its signals: {@code DetectionSignal}, one signal's part of the topology, and {@code Signals}, the one list of them.
 * May import the domain packages, {@code config}, {@code format}, {@code detection.functions} and the {@code signal} seam; a signal's own package only in {@code Signals} (the list) and {@code DetectionSettings} (its settings).
 * Never {@code stream}, {@code batch}, {@code discover} or {@code cli}.
 */
package org.reusedetector.detection;
