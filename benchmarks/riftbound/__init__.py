"""`payplan/1`'s benchmark parts and independent references: the reference pricing, payer and
turn (`reference`, written from the rules apart from the engine), the brute force over every
option and payment (`brute_force`), the greedy baseline (`baselines`), and the suite's hooks
(`bench`)."""
