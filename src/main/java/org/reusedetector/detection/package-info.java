/**
 * What the streaming job and the batch commands share: the detection topology ({@code DetectionWorkflow}), its settings, job environment, operator uids, metrics and dead letters.
 * May import the domain packages, {@code config}, {@code format} and {@code detection.functions}; never {@code stream}, {@code batch}, {@code discover} or {@code cli}.
 */
package org.reusedetector.detection;
