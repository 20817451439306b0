package org.reusedetector.stream.functions;

import org.reusedetector.model.PrefixScore;

/**
 * A neighbourhood's latest score and whether it is above the threshold (alerted, not yet fallen back): keyed state of
 * {@code NeighbourhoodAlerts}. The class name is part of the checkpoint format: do not move or rename it.
 */
public record NeighbourhoodVerdict(PrefixScore latest, boolean above) {}
