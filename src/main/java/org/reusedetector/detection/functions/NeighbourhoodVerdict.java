package org.reusedetector.detection.functions;

import org.reusedetector.model.PrefixScore;

/**
 * A neighbourhood's latest score and whether it is above the threshold (alerted, not yet fallen back): keyed state of
 * {@code NeighbourhoodVerdicts}. Checkpoints hold it in
 * {@link NeighbourhoodVerdictFormat}, not by class name.
 */
public record NeighbourhoodVerdict(PrefixScore latest, boolean above) {}
