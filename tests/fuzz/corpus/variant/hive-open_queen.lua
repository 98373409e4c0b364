hive
-- open_queen (house rule with a hook): Black may open with its Queen, White still may not; the
-- tournament rule (H-06) then binds only the first player.
-- Why: a Queen opening answers White's first piece at once; tests the second player's balance.
variant{ name = "open_queen", game = "hive",
         description = "Black may place its Queen on its first turn (H-06 for White only)" }

hook("opening", function(seat, tournament)
  if seat == 2 then
    return 0
  end
  return nil
end)
