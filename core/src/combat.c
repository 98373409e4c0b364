/* combat: being written */
