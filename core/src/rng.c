/* rng: being written */
