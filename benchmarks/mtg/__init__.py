"""`mtg/1`'s benchmark parts and independent references: the brute force over every payment
(`reference`, written from the rules apart from the engine), the greedy baseline and the suite's
hooks (`bench`), the cliffs shapes (`cliffs`) and the CPU measure (`cpu`)."""
